id3:
  test.nop:
    - name: /tmp/n3
    - mode: 600
id5:
  test.succeed_without_changes:
    - mode: 600
    - onfail_in:
      - id11
