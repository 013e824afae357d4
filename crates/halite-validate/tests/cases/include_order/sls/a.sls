include:
  - c
  - d
a:
  test.present:
    - p: {{ params.get("a", 1) }}
