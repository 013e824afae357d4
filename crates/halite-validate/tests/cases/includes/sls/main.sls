include:
  - app.web
  - lib.common
  - lib
main-state:
  test.present:
    - v: {{ params.get('main_v') }}
