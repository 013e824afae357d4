include:
  - app
extend:
  ap:
    test.nop:
      - name: changed
