s6:
  test.succeed_without_changes:
    - name: name6
    - require_in:
      - test: name1
      - test: s5
    - prereq_in:
      - test: s5
      - s1
    - require_in:
      - test: s8
      - s2
s7:
  test.fail_with_changes:
    - order: 3
    - onchanges_any:
      - sls: main
      - test: s2
