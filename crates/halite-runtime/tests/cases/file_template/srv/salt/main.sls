{% set s = salt["environ.get"]("HALITE_SCRATCH") %}
templated_source:
  file.managed:
    - name: {{ s }}/app.conf
    - source: salt://files/app.conf.j2
    - template: jinja
    - mode: 640
    - defaults:
        greeting: hello
    - context:
        greeting: hi
templated_contents:
  file.managed:
    - name: {{ s }}/inline.conf
    - contents: |
        value = {{ '{{' }} value {{ '}}' }}
        port = {{ '{{' }} pillar['port'] {{ '}}' }}
    - template: jinja
    - context:
        value: 42
again_same:
  file.managed:
    - name: {{ s }}/app.conf
    - source: salt://files/app.conf.j2
    - template: jinja
    - mode: 640
    - defaults:
        greeting: hello
    - context:
        greeting: hi
show_files:
  cmd.run:
    - name: cat {{ s }}/app.conf {{ s }}/inline.conf
