c:
  test.present:
    - p: {{ params.get("c") }}
