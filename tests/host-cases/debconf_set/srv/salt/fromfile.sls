plain-answers:
  debconf.set_file:
    - source: salt://answers/plain.sel
templated-answers:
  debconf.set_file:
    - source: salt://answers/greeting.sel.jinja
    - template: jinja
    - defaults:
        greeting: hi
    - context:
        greeting: hey
missing-answers:
  debconf.set_file:
    - source: salt://answers/missing.sel
bad-context:
  debconf.set_file:
    - source: salt://answers/plain.sel
    - context: [not, a, dict]
