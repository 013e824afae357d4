present:
  test.nop
extend:
  absent_id:
    test:
      - name: x
  present:
    test:
      - comment: ok
