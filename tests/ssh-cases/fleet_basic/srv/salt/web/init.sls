@ROOT@/out/{{ grains['id'] }}/motd:
  file.managed:
    - source: salt://web/motd.j2
    - template: jinja
    - makedirs: True

greet:
  cmd.run:
    - name: echo hello {{ pillar['who'] }}
    - onchanges:
      - file: @ROOT@/out/{{ grains['id'] }}/motd

@ROOT@/out/{{ grains['id'] }}/conf.d:
  file.directory:
    - makedirs: True

{% if grains['id'] == 'h2' %}
h2 only:
  test.succeed_with_changes
{% endif %}
