<# a block comment with {{ braces }} #>
## a line comment with <% tags %> in it
<% from 'lib.jinja' import greet, shared %>
<% import_yaml 'data.yaml' as data %>
<% set d = {'a': 1} %>
<% do d.update({'b': [1, 2]}) %>
%% do d['b'].append(3)
%% for n in ['x', 'y']
<< n >>_state:
  test.show_notification:
    - text: "<< n >> << '%s-%d' % (n, loop.index) >> {{ not a tag }} {% neither %}"
%% endfor

summary:
  test.show_notification:
    - text: << {'d': d, 'data': data, 'shared': shared, 'greet': greet('you')} | tojson | yaml_dquote >>
