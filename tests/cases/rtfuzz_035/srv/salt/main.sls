include:
  - a
  - b
s6:
  test.fail_with_changes:
    - name: name6
    - names:
      - s6_n0
      - s6_n1
      - s6_n2
    - require_in:
      - test: s10
    - onchanges_in:
      - test: s5
s10:
  test.succeed_without_changes:
    - require_any:
      - test: s3
s11:
  test.succeed_without_changes:
    - require_in:
      - sls: a
      - test: s9
    - listen_in:
      - test: s0
