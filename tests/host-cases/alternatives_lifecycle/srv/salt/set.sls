halitetest-alt:
  alternatives.set:
    - path: /bin/true
halitetest-alt-unknown:
  alternatives.set:
    - name: halitetest-alt
    - path: /bin/halitetest-alt-none
