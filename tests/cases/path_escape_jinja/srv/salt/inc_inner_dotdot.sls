x: {% include "sub/../sub/in.txt" %}
