conf:
  file.manged:
    - name: /tmp/halitetest-diag/conf
