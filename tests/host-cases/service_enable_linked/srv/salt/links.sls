# start links made by hand (Debian's enable needs insserv, which this host lacks)
{% for level in [2, 3, 4, 5] %}
/etc/rc{{ level }}.d/S01halitetest-svc:
  file.symlink:
    - target: ../init.d/halitetest-svc
{% endfor %}
