{% from "map.jinja" import motd %}
motd:
  file.managed:
    - name: /tmp/halitetest-motd
    - contents: {{ motd("web") | yaml }}
