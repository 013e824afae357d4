z:
  test.present:
    - z: {{ params.get("z") }}
