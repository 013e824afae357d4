{{ true and 'x' }} {{ false or 'y' }} {{ none or [] }} {{ 0 and 1 }} {{ not none }} {{ 'a' and 0 }} {{ [] or {} }}
