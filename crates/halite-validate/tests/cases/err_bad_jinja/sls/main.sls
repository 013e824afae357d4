a:
  test.nop:
    - v: {{ params.get("x") 
