s0:
  test.succeed_without_changes:
    - require_any:
      - test: s1
      - s5
s1:
  test.succeed_without_changes:
    - name: name1
    - onfail:
      - s4
      - test: s0
s2:
  test.fail_without_changes:
    - require_in:
      - sls: b
      - test: s3
s5:
  test.succeed_without_changes:
    - name: name5
    - order: last
    - onchanges_in:
      - test: s3
    - listen:
      - test: s6
