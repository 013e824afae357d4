multi_req:
  test.nop:
    - {require: [{test: other}], watch: [{test: other}]}
other:
  test.nop:
    - {onchanges: [other2], comment: x}
other2:
  test.nop
