include:
  - c
b:
  test.present:
    - p: {{ params.get("a", 2) }}
