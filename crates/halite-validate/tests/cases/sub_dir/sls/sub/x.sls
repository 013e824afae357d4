include:
  - inc
  - .other
x:
  test.present:
    - v: {{ params.get("x") }}
