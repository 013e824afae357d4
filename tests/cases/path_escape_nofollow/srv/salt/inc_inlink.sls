x: {% include "sub/inlink.txt" %}
