web:
  test.nop:
    - name: http://example.org: 80
