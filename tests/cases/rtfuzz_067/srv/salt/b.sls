s2:
  test.fail_without_changes:
    - listen_in:
      - test: s11
    - watch_in:
      - test: s12
      - test: s5
s4:
  test.succeed_without_changes:
    - name: name4
    - names:
      - s4_n0
      - s4_n1
    - onlyif: false
    - listen_in:
      - test: name5
    - prereq_in:
      - test: s12
      - s2
s6:
  test.succeed_with_changes:
    - watch:
      - test: s3
      - sls: main
s8:
  test.succeed_with_changes:
    - onchanges_any:
      - test: s10
      - test: s6
    - require:
      - test: name5
s9:
  test.configurable_test_state:
    - changes: True
    - result: True
    - comment: c_s9
s11:
  test.fail_without_changes:
    - names:
      - s11_n0
      - s11_n1
    - unless: true
