halitetest-alt-true:
  alternatives.install:
    - name: halitetest-alt
    - link: /usr/local/bin/halitetest-alt
    - path: /bin/true
    - priority: 10
halitetest-alt-false:
  alternatives.install:
    - name: halitetest-alt
    - link: /usr/local/bin/halitetest-alt
    - path: /bin/false
    - priority: 20
