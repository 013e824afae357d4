nginx:
  test.nop: []
conf:
  file.managed:
    - name: /tmp/halitetest-diag/conf
    - require:
      - pkg: nginx
