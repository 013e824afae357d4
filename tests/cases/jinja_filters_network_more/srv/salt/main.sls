# salt/utils/network.py's ipwrap, filter_by_networks, mac_str_to_bytes and
# salt/utils/stringutils.py's to_bytes as Jinja filters.
{% set nets = ['192.168.0.0/24', 'fe80::/64', '10.0.0.0/8'] %}
{% set r = {
  'ipwrap': ['::1' | ipwrap, '10.0.0.1' | ipwrap, 'name' | ipwrap, ['10.0.0.1', 'fe80::1', '[2001:db8::1]', 'x'] | ipwrap],
  'by_list': ['192.168.0.5', '10.1.1.1', '8.8.8.8', 'fe80::1', '::1'] | filter_by_networks(nets),
  'by_dict': {'eth0': ['192.168.0.5', '172.16.0.1'], 'lo': ['127.0.0.1']} | filter_by_networks(nets),
  'twice': ['10.0.0.1'] | filter_by_networks(['10.0.0.0/8', '10.0.0.0/24']),
  'none': ['x', 'y'] | filter_by_networks(None),
  'empty': ['10.0.0.1'] | filter_by_networks([]),
} %}
results:
  test.show_notification:
    - text: {{ r | tojson | yaml_dquote }}

bytes:
  test.show_notification:
    - text: {{ ['08:00:27:13:69:77' | mac_str_to_bytes, '0800271369ff' | mac_str_to_bytes, 'caf\u00e9' | to_bytes, "it's" | to_bytes] | string | yaml_dquote }}
