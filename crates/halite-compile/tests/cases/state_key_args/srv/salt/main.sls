with_state_arg:
  test.nop:
    - state: other
    - fun: weird
    - __custom: x
    - check_cmd:
      - /bin/true
    - onlyif: true
    - retry:
        attempts: 2
