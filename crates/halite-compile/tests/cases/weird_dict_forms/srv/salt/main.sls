t:
  test.nop:
    - comment: from t
    - foo: bar
p:
  test.nop:
    - prereq:
        test: t
u:
  test.nop:
    - use:
        test: t
pi:
  test.nop:
    - prereq_in:
        test: t
