halitetest-alt-true:
  alternatives.remove:
    - name: halitetest-alt
    - path: /bin/true
