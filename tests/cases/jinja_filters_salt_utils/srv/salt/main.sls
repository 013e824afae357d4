# Salt's tests/pytests/functional/modules/state/test_jinja_filters.py: the filters of
# salt/utils/{files,hashutils,stringutils,data,network,path,user}.py that halite lacked,
# on files of this case (srv/salt/data) and with the arguments Salt's test uses and more.
{% set root = opts['file_roots']['base'][0] %}
{% set data = root ~ '/data' %}
{% set r = {} %}
{% do r.update({'hmac_ok': 'Salt Rocks!' | hmac(shared_secret='topsecret', challenge_hmac='nMgLxwHPFyRgGfunkXXAI3Z/ZR4p5lmPTUjk2eGDqks=')}) %}
{% do r.update({'hmac_bad': 'Salt Rocks' | hmac('topsecret', 'nMgLxwHPFyRgGfunkXXAI3Z/ZR4p5lmPTUjk2eGDqks=')}) %}
{% do r.update({'hmac_compute': 'Salt Rocks!' | hmac_compute('topsecret')}) %}
{% do r.update({'hmac_long_key': 'x' | hmac_compute('k' * 100)}) %}
{% do r.update({'file_hashsum': (data ~ '/text-file') | file_hashsum}) %}
{% do r.update({'file_hashsum_md5': (data ~ '/text-file') | file_hashsum('md5')}) %}
{% do r.update({'is_empty': [(data ~ '/empty-file') | is_empty, (data ~ '/text-file') | is_empty, (data ~ '/missing') | is_empty]}) %}
{% do r.update({'is_text_file': [(data ~ '/text-file') | is_text_file, (data ~ '/sub/bin-file') | is_text_file, (data ~ '/empty-file') | is_text_file, (data ~ '/missing') | is_text_file, data | is_text_file]}) %}
{% do r.update({'is_bin_file': [(data ~ '/sub/bin-file') | is_bin_file, (data ~ '/text-file') | is_bin_file, data | is_bin_file, (data ~ '/missing') | is_bin_file]}) %}
{% do r.update({'list_files': data | list_files | map('replace', root, 'ROOT') | sort}) %}
{% do r.update({'list_files_missing': (data ~ '/missing') | list_files | map('replace', root, 'ROOT') | list}) %}
{% do r.update({'which': [(data ~ '/tool') | which | replace(root, 'ROOT'), (data ~ '/text-file') | which, 'halitetest-no-such-tool' | which]}) %}
{% do r.update({'get_uid': ['root' | get_uid, 'halitetest-no-such-user' | get_uid]}) %}
{% do r.update({'check_whitelist_blacklist': [
     'string' | check_whitelist_blacklist(whitelist='string'),
     'string' | check_whitelist_blacklist(whitelist=['other', 'str*']),
     'string' | check_whitelist_blacklist(blacklist='s.*g'),
     'string' | check_whitelist_blacklist(whitelist='string', blacklist='str?ng'),
     'string' | check_whitelist_blacklist(blacklist=['other']),
     'string' | check_whitelist_blacklist(),
     'string' | check_whitelist_blacklist(whitelist='STRING')]}) %}
{% set mysql = ['+----+------+-----------+------+---------+------+-------+------------------+',
                '| Id | User | Host      | db   | Command | Time | State | Info             |',
                '+----+------+-----------+------+---------+------+-------+------------------+',
                '|  7 | root | localhost | NULL | Query   |    0 | init  | show processlist |',
                '|  8 | app  | 10.0.0.2  | shop | Sleep   |  1.5 |       | NULL             |',
                '+----+------+-----------+------+---------+------+-------+------------------+'] %}
{% do r.update({'mysql_to_dict': mysql | mysql_to_dict('Info'), 'mysql_by_id': mysql | mysql_to_dict('Id')}) %}
{% do r.update({'network_hosts': ['192.168.1.0/30' | network_hosts, '10.0.0.5/31' | network_hosts, '10.0.0.5' | network_hosts, ['10.0.0.0/30', 'x', '2001:db8::/126'] | network_hosts, 'fe80::1/127' | network_hosts]}) %}
{% do r.update({'network_size': ['192.168.1.0/28' | network_size, '10.1.2.3/255.255.0.0' | network_size, '2001:db8::/120' | network_size, ['10.0.0.1', '::1/100'] | network_size, 'nonsense' | network_size]}) %}
{% do r.update({'ip_host': ['192.168.0.12/24' | ip_host, '192.168.0.12' | ip_host, ['10.1.2.3/0.0.255.255', '::ffff:1.2.3.4', 'no'] | ip_host, '::1' | ip_host(version=4), '::1' | ip_host(version=6)]}) %}
{% do r.update({'ipaddr': ['10.0.0.1/24' | ipaddr, ['127.0.0.1', '10.1.1.1', '::1', 'fe80::1', '8.8.8.8'] | ipaddr('private'), ['127.0.0.1', '::1', '10.0.0.1'] | ipaddr('loopback'), '8.8.8.8' | ipv4('public'), ['224.0.0.1', 'ff02::1', '1.1.1.1'] | ipaddr('multicast'), '2001:0db8:0000:0000:0001:0000:0000:0001' | ipv6, 42 | is_ipv4, '1.2.3.4/33' | is_ip]}) %}
{% do r.update({'http_query': 'https://www.example.com' | http_query(test=True)}) %}
{% do r.update({'random_str': [32 | random_str | length, 10 | random_str | length], 'random_hash': [9999999999 | random_hash | length, 5 | random_hash('sha256') | length], 'gen_mac': ['AC:DE:48' | gen_mac | length, ('52:54:00' | gen_mac)[:9]]}) %}
results:
  test.show_notification:
    - text: {{ r | tojson | yaml_dquote }}

{% set dict_one = {'a': 'b', 'c': 'd', 'n': 1, 'l': ['x', 2]} %}
{% set list_one = ['a', 'b', 'c', 'd'] %}
json_encode_dict:
  module.run:
    - name: test.echo
    - text: {{ dict_one | json_encode_dict() }}

json_decode_dict:
  test.show_notification:
    - text: {{ dict_one | json_decode_dict() | string | yaml_dquote }}

json_encode_list:
  module.run:
    - name: test.echo
    - text: {{ list_one | json_encode_list() }}

json_decode_list:
  test.show_notification:
    - text: {{ ["it's", 'q"', 'a\tb', 'caf\u00e9', {'k': 'v'}] | json_decode_list() | string | yaml_dquote }}

regex:
  test.show_notification:
    - text: {{ ['1.abc' | regex_match('^1.abc$'), '1.abc' | regex_search('abc'), 'abcd' | regex_match('^(.*)bc(.*)$'), 'x' | regex_search('y')] | string | yaml_dquote }}
