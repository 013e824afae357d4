s10:
  test.fail_without_changes:
    - check_cmd: false
    - prereq:
      - s5
s11:
  test.fail_without_changes:
    - onchanges:
      - sls: b
      - s13
s14:
  test.succeed_without_changes:
    - name: name14
    - onlyif: false
    - require:
      - test: s3
      - test: s3
