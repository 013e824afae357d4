halitetest-pkg-debconf:
  debconf.set:
    - data:
        halitetest-pkg-debconf/greeting: {type: string, value: hello}
answers:
  debconf.set_file:
    - source: salt://answers.sel
