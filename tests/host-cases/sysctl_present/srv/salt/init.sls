kernel.randomize_va_space:
  sysctl.present:
    - value: 2
    - config: /tmp/halitetest-svc-sysctl.conf
