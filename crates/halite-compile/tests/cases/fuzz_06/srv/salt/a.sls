id1:
  service.running:
    - name: /tmp/n1
    - order: 2.5
    - mode: 755
