halitetest-alt-false:
  alternatives.remove:
    - name: halitetest-alt
    - path: /bin/false
