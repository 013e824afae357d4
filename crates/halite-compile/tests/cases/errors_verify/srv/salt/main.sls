req_not_list:
  test.nop:
    - require: just_a_string
names_not_list:
  test.nop:
    - names: abc
req_decl_bad:
  test.nop:
    - require:
      - [a, b]
      - 5
dots:
  test.nop:
    - require:
      - test.nop: req_not_list
illegal:
  test.nop:
    - require:
      - test: [x, y]
multi_dict:
  test.nop:
    - {a: 1, b: 2}
whitespace_fun:
  test:
    - nop now
too_many:
  test:
    - nop
    - succeed_without_changes
