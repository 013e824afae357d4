halitetest-pkg-debconf:
  debconf.set:
    - data:
        halitetest-pkg-debconf/greeting: {type: string, value: hello there}
        halitetest-pkg-debconf/enabled: {type: boolean, value: False}
        halitetest-pkg-debconf/colour: {type: select, value: green}
        halitetest-pkg-debconf/secret: {type: password, value: s3cret}
