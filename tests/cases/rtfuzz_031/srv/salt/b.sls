s6:
  test.fail_without_changes:
    - name: name6
    - onfail_in:
      - test: s8
    - onfail_all:
      - test: s7
    - onchanges_any:
      - test: s0
      - test: s0
s7:
  test.succeed_with_changes:
    - name: name7
    - onchanges_any:
      - test: s6
    - require_any:
      - test: name8
    - onchanges_any:
      - test: s5
      - test: s5
