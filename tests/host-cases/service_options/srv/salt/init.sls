typo:
  service.running:
    - name: halitetest-svc
    - enabled: True
delayed:
  service.running:
    - name: halitetest-svc
    - init_delay: 1
    - unmask: True
    - no_block: True
