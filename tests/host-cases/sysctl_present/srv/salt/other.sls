kernel.randomize_va_space:
  sysctl.present:
    - value: 1
    - config: /tmp/halitetest-svc-sysctl.conf
