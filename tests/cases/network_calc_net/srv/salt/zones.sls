{#- bind-formula's reverse zones: the network of each address, and whether it lies in a subnet #}
{%- for ip, mask in [('172.17.0.5', '255.255.255.240'), ('172.17.0.5', '0.0.0.255'),
                     ('10.1.2.3', '8'), ('10.1.2.3', None), ('192.168.7.9/22', None),
                     ('2a02:f6e:a000:80:84d8:8332:7866:4e07/64', None), ('fe80::1', '010')] %}
calc_{{ loop.index }}:
  test.nop:
    - net: {{ salt['network.calc_net'](ip, mask) }}
{%- endfor %}
{%- for ip, cidr in [('172.17.0.4', '172.16.0.0/12'), ('172.32.0.1', '172.16.0.0/12'),
                     ('10.0.0.1', '10.0.0.1/8'), ('10.0.0.1', 'nonsense'),
                     (['192.168.1.1', '10.0.0.9'], '10.0.0.0/24'), ('::ffff:10.0.0.1', '10.0.0.0/8'),
                     ('2001:db8::5', '2001:db8::/32'), ('10.0.0.1', '0.0.0.0/0')] %}
in_{{ loop.index }}:
  test.nop:
    - inside: {{ salt['network.ip_in_subnet'](ip, cidr) }}
{%- endfor %}
