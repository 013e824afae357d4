include:
  - common
  - nested:
      key: net:ports
  - withdefaults:
      defaults:
        color: blue
shared: from_main
