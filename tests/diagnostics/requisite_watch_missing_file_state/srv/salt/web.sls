nginx:
  test.nop: []

conf:
  file.managed:
    - name: /tmp/halitetest-diag/conf
    - contents: x
    - require:
      - test: nginx
    - watch:
      - test: ngnix
