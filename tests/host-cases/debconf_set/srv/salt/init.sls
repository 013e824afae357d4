halitetest-svc:
  debconf.set:
    - data:
        halitetest-svc/greeting: {type: string, value: hello}
        halitetest-svc/enabled: {type: boolean, value: True}
