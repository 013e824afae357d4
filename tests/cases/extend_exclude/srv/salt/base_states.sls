conf:
  file.managed:
    - name: /tmp/conf
    - contents: one
    - require:
      - test: prep
prep:
  test.nop
dropped:
  test.nop
