{% if grains['os'] == 'Debian' %}
web:
  test.nop: []
