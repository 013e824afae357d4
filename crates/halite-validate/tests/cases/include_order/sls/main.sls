include:
  - a
  - b
m:
  test.present:
    - p: {{ params.get("m") }}
