{%- set x = salt['slsutil.renderer']() %}
a:
  test.nop
