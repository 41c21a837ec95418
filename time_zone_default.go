package marquee

import "strings"

// DefaultTimeZone returns the IANA time zone of a festival that has not
// chosen one, from where it is: the zone of its city when its country
// spans several (the United States, Canada, Australia, Brazil, Russia,
// Mexico, Indonesia and a few more), else its country's zone (the
// capital's, or the most populous, for a country of several), and "UTC"
// for no country or one without a zone. Screenings, ticket mails and a
// festival's analytics days follow it until the organiser picks a zone
// (festivals.time_zone "" means "not chosen"; see FestivalTimeZone).
func DefaultTimeZone(country, city string) string {
	country = strings.ToUpper(strings.TrimSpace(country))
	if zones, ok := cityZones[country]; ok {
		if z, ok := zones[cityKey(city)]; ok {
			return z
		}
	}
	if z, ok := countryZones[country]; ok {
		return z
	}
	return "UTC"
}

// FestivalTimeZone returns a festival's time zone: chosen, the one its
// organiser saved, when there is one, else DefaultTimeZone of its place.
func FestivalTimeZone(chosen, country, city string) string {
	if chosen != "" {
		return chosen
	}
	return DefaultTimeZone(country, city)
}

// cityKey folds a city name for cityZones: lower case, common accents
// dropped, dots and apostrophes removed, hyphens and commas as spaces
// ("St. John's" → "st johns", "São Paulo" → "sao paulo").
func cityKey(city string) string {
	return strings.Join(strings.Fields(cityFold.Replace(strings.ToLower(city))), " ")
}

var cityFold = strings.NewReplacer(
	"á", "a", "à", "a", "â", "a", "ã", "a", "ä", "a", "å", "a",
	"é", "e", "è", "e", "ê", "e", "ë", "e", "í", "i", "ì", "i", "î", "i", "ï", "i",
	"ó", "o", "ò", "o", "ô", "o", "õ", "o", "ö", "o", "ú", "u", "ù", "u", "û", "u", "ü", "u",
	"ç", "c", "ñ", "n", ".", "", "'", "", "’", "", "-", " ", ",", " ", "_", " ",
)

// countryZones is each country's zone: its only one in the tz database's
// zone.tab, or for a country of several the zone of its capital or
// largest city; XK (Kosovo, absent from zone.tab) keeps Belgrade's time.
// AQ, BV and HM have none (UTC).
var countryZones = pairs(`
AD Europe/Andorra   AE Asia/Dubai   AF Asia/Kabul   AG America/Antigua
AI America/Anguilla   AL Europe/Tirane   AM Asia/Yerevan   AO Africa/Luanda
AR America/Argentina/Buenos_Aires   AS Pacific/Pago_Pago   AT Europe/Vienna   AU Australia/Sydney
AW America/Aruba   AX Europe/Mariehamn   AZ Asia/Baku   BA Europe/Sarajevo
BB America/Barbados   BD Asia/Dhaka   BE Europe/Brussels   BF Africa/Ouagadougou
BG Europe/Sofia   BH Asia/Bahrain   BI Africa/Bujumbura   BJ Africa/Porto-Novo
BL America/St_Barthelemy   BM Atlantic/Bermuda   BN Asia/Brunei   BO America/La_Paz
BQ America/Kralendijk   BR America/Sao_Paulo   BS America/Nassau   BT Asia/Thimphu
BW Africa/Gaborone   BY Europe/Minsk   BZ America/Belize   CA America/Toronto
CC Indian/Cocos   CD Africa/Kinshasa   CF Africa/Bangui   CG Africa/Brazzaville
CH Europe/Zurich   CI Africa/Abidjan   CK Pacific/Rarotonga   CL America/Santiago
CM Africa/Douala   CN Asia/Shanghai   CO America/Bogota   CR America/Costa_Rica
CU America/Havana   CV Atlantic/Cape_Verde   CW America/Curacao   CX Indian/Christmas
CY Asia/Nicosia   CZ Europe/Prague   DE Europe/Berlin   DJ Africa/Djibouti
DK Europe/Copenhagen   DM America/Dominica   DO America/Santo_Domingo   DZ Africa/Algiers
EC America/Guayaquil   EE Europe/Tallinn   EG Africa/Cairo   EH Africa/El_Aaiun
ER Africa/Asmara   ES Europe/Madrid   ET Africa/Addis_Ababa   FI Europe/Helsinki
FJ Pacific/Fiji   FK Atlantic/Stanley   FM Pacific/Pohnpei   FO Atlantic/Faroe
FR Europe/Paris   GA Africa/Libreville   GB Europe/London   GD America/Grenada
GE Asia/Tbilisi   GF America/Cayenne   GG Europe/Guernsey   GH Africa/Accra
GI Europe/Gibraltar   GL America/Nuuk   GM Africa/Banjul   GN Africa/Conakry
GP America/Guadeloupe   GQ Africa/Malabo   GR Europe/Athens   GS Atlantic/South_Georgia
GT America/Guatemala   GU Pacific/Guam   GW Africa/Bissau   GY America/Guyana
HK Asia/Hong_Kong   HN America/Tegucigalpa   HR Europe/Zagreb   HT America/Port-au-Prince
HU Europe/Budapest   ID Asia/Jakarta   IE Europe/Dublin   IL Asia/Jerusalem
IM Europe/Isle_of_Man   IN Asia/Kolkata   IO Indian/Chagos   IQ Asia/Baghdad
IR Asia/Tehran   IS Atlantic/Reykjavik   IT Europe/Rome   JE Europe/Jersey
JM America/Jamaica   JO Asia/Amman   JP Asia/Tokyo   KE Africa/Nairobi
KG Asia/Bishkek   KH Asia/Phnom_Penh   KI Pacific/Tarawa   KM Indian/Comoro
KN America/St_Kitts   KP Asia/Pyongyang   KR Asia/Seoul   KW Asia/Kuwait
KY America/Cayman   KZ Asia/Almaty   LA Asia/Vientiane   LB Asia/Beirut
LC America/St_Lucia   LI Europe/Vaduz   LK Asia/Colombo   LR Africa/Monrovia
LS Africa/Maseru   LT Europe/Vilnius   LU Europe/Luxembourg   LV Europe/Riga
LY Africa/Tripoli   MA Africa/Casablanca   MC Europe/Monaco   MD Europe/Chisinau
ME Europe/Podgorica   MF America/Marigot   MG Indian/Antananarivo   MH Pacific/Majuro
MK Europe/Skopje   ML Africa/Bamako   MM Asia/Yangon   MN Asia/Ulaanbaatar
MO Asia/Macau   MP Pacific/Saipan   MQ America/Martinique   MR Africa/Nouakchott
MS America/Montserrat   MT Europe/Malta   MU Indian/Mauritius   MV Indian/Maldives
MW Africa/Blantyre   MX America/Mexico_City   MY Asia/Kuala_Lumpur   MZ Africa/Maputo
NA Africa/Windhoek   NC Pacific/Noumea   NE Africa/Niamey   NF Pacific/Norfolk
NG Africa/Lagos   NI America/Managua   NL Europe/Amsterdam   NO Europe/Oslo
NP Asia/Kathmandu   NR Pacific/Nauru   NU Pacific/Niue   NZ Pacific/Auckland
OM Asia/Muscat   PA America/Panama   PE America/Lima   PF Pacific/Tahiti
PG Pacific/Port_Moresby   PH Asia/Manila   PK Asia/Karachi   PL Europe/Warsaw
PM America/Miquelon   PN Pacific/Pitcairn   PR America/Puerto_Rico   PS Asia/Hebron
PT Europe/Lisbon   PW Pacific/Palau   PY America/Asuncion   QA Asia/Qatar
RE Indian/Reunion   RO Europe/Bucharest   RS Europe/Belgrade   RU Europe/Moscow
RW Africa/Kigali   SA Asia/Riyadh   SB Pacific/Guadalcanal   SC Indian/Mahe
SD Africa/Khartoum   SE Europe/Stockholm   SG Asia/Singapore   SH Atlantic/St_Helena
SI Europe/Ljubljana   SJ Arctic/Longyearbyen   SK Europe/Bratislava   SL Africa/Freetown
SM Europe/San_Marino   SN Africa/Dakar   SO Africa/Mogadishu   SR America/Paramaribo
SS Africa/Juba   ST Africa/Sao_Tome   SV America/El_Salvador   SX America/Lower_Princes
SY Asia/Damascus   SZ Africa/Mbabane   TC America/Grand_Turk   TD Africa/Ndjamena
TF Indian/Kerguelen   TG Africa/Lome   TH Asia/Bangkok   TJ Asia/Dushanbe
TK Pacific/Fakaofo   TL Asia/Dili   TM Asia/Ashgabat   TN Africa/Tunis
TO Pacific/Tongatapu   TR Europe/Istanbul   TT America/Port_of_Spain   TV Pacific/Funafuti
TW Asia/Taipei   TZ Africa/Dar_es_Salaam   UA Europe/Kyiv   UG Africa/Kampala
UM Pacific/Midway   US America/New_York   UY America/Montevideo   UZ Asia/Tashkent
VA Europe/Vatican   VC America/St_Vincent   VE America/Caracas   VG America/Tortola
VI America/St_Thomas   VN Asia/Ho_Chi_Minh   VU Pacific/Efate   WF Pacific/Wallis
WS Pacific/Apia   XK Europe/Belgrade   YE Asia/Aden   YT Indian/Mayotte
ZA Africa/Johannesburg   ZM Africa/Lusaka   ZW Africa/Harare
`)

// cityZones are the cities of the countries whose zones differ (in
// offset or in rules) from the one countryZones gives, by cityKey.
var cityZones = map[string]map[string]string{
	"US": zoneCities(`
America/New_York: new york, nyc, brooklyn, manhattan, boston, philadelphia, washington, washington dc, atlanta, miami,
  orlando, tampa, charlotte, raleigh, durham, pittsburgh, baltimore, detroit, cleveland, columbus, cincinnati,
  indianapolis, savannah, richmond, buffalo, rochester, providence, hartford, newark, jacksonville, louisville,
  woodstock, nantucket, provincetown, sarasota, ann arbor
America/Chicago: chicago, austin, houston, dallas, fort worth, san antonio, new orleans, nashville, memphis,
  minneapolis, saint paul, st paul, st louis, saint louis, kansas city, milwaukee, omaha, oklahoma city,
  madison, des moines, tulsa, birmingham, little rock, fargo
America/Denver: denver, boulder, salt lake city, park city, albuquerque, santa fe, telluride, aspen, el paso,
  colorado springs, boise, sun valley, jackson hole, billings
America/Phoenix: phoenix, tucson, scottsdale, sedona, tempe, flagstaff
America/Los_Angeles: los angeles, hollywood, san francisco, oakland, berkeley, san jose, san diego, sacramento,
  seattle, tacoma, spokane, portland, las vegas, reno, palm springs, santa barbara, santa monica, mill valley,
  sonoma, napa, newport beach, long beach
America/Anchorage: anchorage, juneau, fairbanks
Pacific/Honolulu: honolulu, hilo, maui, kailua kona
`),
	"CA": zoneCities(`
America/Toronto: toronto, ottawa, montreal, quebec, quebec city, hamilton, kingston, windsor, waterloo, sudbury
America/Vancouver: vancouver, victoria, whistler, kelowna
America/Edmonton: calgary, edmonton, banff, yellowknife
America/Winnipeg: winnipeg
America/Regina: regina, saskatoon
America/Halifax: halifax, moncton, fredericton, charlottetown
America/St_Johns: st johns, saint johns
America/Whitehorse: whitehorse, dawson city
`),
	"AU": zoneCities(`
Australia/Sydney: sydney, canberra, newcastle, wollongong, byron bay
Australia/Melbourne: melbourne, geelong
Australia/Brisbane: brisbane, gold coast, sunshine coast, cairns, townsville
Australia/Adelaide: adelaide
Australia/Perth: perth, fremantle
Australia/Hobart: hobart, launceston
Australia/Darwin: darwin, alice springs
`),
	"BR": zoneCities(`
America/Sao_Paulo: sao paulo, rio de janeiro, brasilia, belo horizonte, curitiba, porto alegre, florianopolis, gramado
America/Bahia: salvador
America/Recife: recife, olinda
America/Fortaleza: fortaleza
America/Belem: belem
America/Manaus: manaus
America/Cuiaba: cuiaba
America/Campo_Grande: campo grande
America/Porto_Velho: porto velho
America/Rio_Branco: rio branco
America/Noronha: fernando de noronha
`),
	"RU": zoneCities(`
Europe/Moscow: moscow, saint petersburg, st petersburg, kazan, sochi, nizhny novgorod, rostov on don, voronezh
Europe/Kaliningrad: kaliningrad
Europe/Samara: samara
Asia/Yekaterinburg: yekaterinburg, ekaterinburg, chelyabinsk, perm
Asia/Omsk: omsk
Asia/Novosibirsk: novosibirsk
Asia/Krasnoyarsk: krasnoyarsk
Asia/Irkutsk: irkutsk
Asia/Yakutsk: yakutsk
Asia/Vladivostok: vladivostok, khabarovsk
Asia/Kamchatka: petropavlovsk kamchatsky
`),
	"MX": zoneCities(`
America/Mexico_City: mexico city, ciudad de mexico, cdmx, guadalajara, morelia, oaxaca, puebla, queretaro, guanajuato,
  san miguel de allende
America/Monterrey: monterrey
America/Merida: merida
America/Cancun: cancun, playa del carmen, tulum
America/Tijuana: tijuana, mexicali, ensenada
America/Hermosillo: hermosillo
America/Mazatlan: mazatlan, la paz, los cabos, cabo san lucas
America/Chihuahua: chihuahua
`),
	"ID": zoneCities(`
Asia/Jakarta: jakarta, bandung, yogyakarta, surabaya, semarang, medan
Asia/Makassar: denpasar, bali, ubud, makassar, mataram, balikpapan
Asia/Jayapura: jayapura
Asia/Pontianak: pontianak
`),
	"KZ": zoneCities(`
Asia/Almaty: almaty, astana
Asia/Aqtobe: aktobe
Asia/Aqtau: aktau
Asia/Atyrau: atyrau
Asia/Oral: oral, uralsk
`),
	"ES": zoneCities(`
Atlantic/Canary: las palmas, las palmas de gran canaria, gran canaria, santa cruz de tenerife, tenerife, lanzarote
`),
	"PT": zoneCities(`
Atlantic/Madeira: funchal, madeira
Atlantic/Azores: ponta delgada, azores
`),
	"CL": zoneCities(`
America/Punta_Arenas: punta arenas
Pacific/Easter: hanga roa, easter island
`),
	"CD": zoneCities(`
Africa/Lubumbashi: lubumbashi, kisangani, goma, bukavu
`),
	"EC": zoneCities(`
Pacific/Galapagos: puerto ayora, galapagos
`),
	"MN": zoneCities(`
Asia/Hovd: khovd, hovd
`),
	"UA": zoneCities(`
Europe/Simferopol: simferopol, sevastopol, yalta
`),
}

// pairs reads "CODE Zone" pairs separated by spaces.
func pairs(s string) map[string]string {
	f := strings.Fields(s)
	out := make(map[string]string, len(f)/2)
	for i := 0; i+1 < len(f); i += 2 {
		out[f[i]] = f[i+1]
	}
	return out
}

// zoneCities reads lines "Zone: city, city, …" (a line that starts with
// spaces continues the one before) into city key → zone.
func zoneCities(s string) map[string]string {
	out := map[string]string{}
	zone := ""
	for _, line := range strings.Split(s, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		if z, rest, ok := strings.Cut(line, ":"); ok && !strings.HasPrefix(line, " ") {
			zone, line = strings.TrimSpace(z), rest
		}
		for _, c := range strings.Split(line, ",") {
			if k := cityKey(c); k != "" {
				out[k] = zone
			}
		}
	}
	return out
}
