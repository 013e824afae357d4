s1:
  test.fail_without_changes:
    - name: name1
s3:
  test.succeed_without_changes:
    - prereq:
      - sls: a
      - test: s5
    - onchanges_any:
      - test: s12
      - sls: main
    - onfail:
      - test: s11
      - test: s1
