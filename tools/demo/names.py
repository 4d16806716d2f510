"""Names, places and federations of the fictional Northshire demo federation.

Data only, for `make_demo_content.py`: every person and town here is
invented.  Each culture gives men's first names, women's first names and
family names; a registry draws a culture, then a name from it.  Draughts
names stay in plain ASCII: the FMJD official format (fmjd Annex 9 §11) asks
for the letters of the English alphabet only.
"""

# culture -> (men's first names, women's first names, family names)
CULTURES = {
    "english": (
        "Oliver Harry George Jack Thomas James William Samuel Daniel Joseph "
        "Edward Henry Arthur Alfie Callum Owen Liam Ryan Nathan Lewis",
        "Amelia Olivia Isla Emily Grace Sophie Charlotte Lucy Hannah Eleanor "
        "Alice Freya Megan Holly Rosie",
        "Ashworth Bramley Calloway Dunmore Fairclough Gresham Hartley Kingsley "
        "Lockwood Marsden Nettleton Oakley Pemberton Radcliffe Sutcliffe "
        "Thornbury Whitfield Winterbottom Ainsworth Blackwood Cartwright "
        "Daventry Ellwood Fenwick Holroyd Mortimer Pickering Rowntree "
        "Stanhope Tattersall"),
    "scottish": (
        "Angus Callum Ewan Fraser Hamish Lachlan Murdo Ruaridh Struan Alasdair",
        "Ailsa Eilidh Fiona Iona Isla Kirsty Morag Mhairi Shona Catriona",
        "MacLeod Munro Ferguson Drummond Buchanan Kerr Lindsay Sinclair "
        "Urquhart Galbraith Menzies Ogilvie Rennie Baird"),
    "welsh": (
        "Dafydd Gethin Iwan Rhys Emyr Aled Huw Gareth",
        "Cerys Ffion Nia Seren Angharad Eluned Lowri",
        "Pritchard Llewellyn Gwynne Bowen Vaughan Prosser Meredith Parry"),
    "irish": (
        "Cian Darragh Eoin Oisin Padraig Ronan Seamus Tadhg",
        "Aoife Caoimhe Niamh Siobhan Orla Roisin Saoirse",
        "O'Sullivan Brennan Gallagher Kavanagh McCarthy Ni Dhomhnaill "
        "Quinlan Fitzgerald Moriarty"),
    "dutch": (
        "Bram Daan Jeroen Joost Maarten Pieter Ruud Sjoerd Wouter Thijs",
        "Anouk Femke Ilse Lotte Marieke Sanne Tessa Wietske",
        "de Vries van Dijk Bakker Visser Smit Meijer de Boer Mulder Hendriks "
        "van Leeuwen Dekker Brouwer"),
    "german": (
        "Jonas Lukas Felix Tobias Matthias Florian Stefan Jurgen",
        "Lena Anna Katrin Miriam Sabine Johanna Franziska",
        "Hoffmann Schreiber Zimmermann Krause Vogel Lehmann Kessler Brandt "
        "Winkler"),
    "french": (
        "Antoine Baptiste Clement Etienne Julien Mathieu Nicolas Remi",
        "Camille Chloe Elodie Lea Manon Margaux Juliette",
        "Lefebvre Moreau Girard Rousseau Fontaine Chevalier Garnier Lemaire "
        "Mercier"),
    "spanish": (
        "Alejandro Diego Javier Pablo Sergio Mateo Andres",
        "Lucia Carmen Paula Elena Marta Ines",
        "Navarro Iglesias Ortega Castillo Delgado Serrano Vidal Romero"),
    "italian": (
        "Lorenzo Matteo Giacomo Riccardo Davide Stefano",
        "Giulia Chiara Francesca Martina Silvia",
        "Marchetti Bianchi Colombo Ferraro Galli Lombardi Rinaldi Santoro"),
    "polish": (
        "Piotr Tomasz Krzysztof Michal Pawel Jakub Mateusz",
        "Agnieszka Katarzyna Magdalena Zofia Joanna",
        "Kowalczyk Wisniewski Zielinski Szymanski Wojcik Kaminski Lewandowski"),
    "ukrainian": (
        "Oleksandr Andriy Dmytro Serhiy Taras Bohdan Yurii",
        "Oksana Iryna Nataliya Olena Kateryna",
        "Shevchenko Bondarenko Kovalenko Tkachenko Marchenko Lysenko Savchenko"),
    "latvian": (
        "Janis Arturs Edgars Raimonds Valdis",
        "Inese Liga Zane Ilze",
        "Ozolins Berzins Kalnins Liepins Krumins"),
    "indian": (
        "Arjun Rohan Vikram Aditya Karthik Sanjay Pranav Rahul",
        "Priya Ananya Kavya Divya Meera Lakshmi",
        "Raghavan Iyer Venkatesh Deshpande Kulkarni Menon Chatterjee Nair "
        "Subramanian Bhattacharya"),
    "chinese": (
        "Wei Jun Hao Ming Lei Tao",
        "Mei Xiu Lan Yan Hui",
        "Zhang Liu Chen Wang Huang Zhou Lin"),
    "nigerian": (
        "Chidi Emeka Tunde Femi Obinna Segun Ifeanyi Kayode",
        "Ngozi Adaeze Funmilayo Chiamaka Yetunde",
        "Okafor Adeyemi Nwosu Balogun Eze Okonkwo Adebayo Olawale"),
    "ghanaian": (
        "Kwame Kofi Kwabena Yaw Kojo",
        "Akosua Ama Efua Abena",
        "Mensah Boateng Asante Owusu Appiah"),
    "senegalese": (
        "Moussa Ousmane Cheikh Mamadou Ibrahima Abdoulaye",
        "Aminata Fatou Awa Mariama",
        "Diop Ndiaye Sow Fall Gueye Sarr Ba"),
    "cameroonian": (
        "Jean Landry Serge Herve Arnaud",
        "Brigitte Solange Estelle",
        "Ndongo Mbarga Fotso Tchoumi Essomba"),
    "turkish": (
        "Emre Burak Kerem Mert Onur",
        "Elif Zeynep Ayse Defne",
        "Yilmaz Demir Aydin Celik Kaya Arslan"),
    "arabic": (
        "Omar Karim Youssef Tariq Samir Nabil",
        "Samira Leila Yasmin Nour Rania",
        "Haddad Mansour Khalil Nasser Aziz Saleh"),
    "persian": (
        "Dariush Kaveh Reza Arash",
        "Shirin Parisa Leyla",
        "Tehrani Rostami Karimi Moradi"),
    "nordic": (
        "Erik Lars Magnus Henrik Nils Sven",
        "Ingrid Astrid Sigrid Maja Freja",
        "Lindqvist Johansson Haugen Nyberg Dahl Berglund Solberg"),
    "japanese": (
        "Haruto Kenji Takumi Ren Daiki",
        "Yui Aoi Sakura Hana",
        "Tanaka Suzuki Watanabe Ishikawa Nakamura"),
    "brazilian": (
        "Rafael Thiago Gustavo Leonardo Bruno",
        "Beatriz Larissa Camila Fernanda",
        "Oliveira Carvalho Ribeiro Teixeira Barbosa Moraes"),
    "vietnamese": (
        "Minh Quang Duc Tuan",
        "Linh Thao Huong",
        "Nguyen Tran Pham Hoang"),
    "caribbean": (
        "Marlon Desmond Winston Clive Andre",
        "Shanice Keisha Marcia Simone",
        "Baptiste Charles Joseph Francois Pierre-Louis"),
}

# Chess: cultures and how often a player of the federation comes from each.
CHESS_CULTURES = {
    "english": 30, "scottish": 8, "welsh": 5, "irish": 6, "dutch": 3,
    "german": 3, "french": 3, "spanish": 3, "italian": 3, "polish": 4,
    "ukrainian": 3, "indian": 8, "chinese": 4, "nigerian": 4, "ghanaian": 2,
    "turkish": 2, "arabic": 3, "persian": 2, "nordic": 2, "japanese": 1,
    "brazilian": 1, "vietnamese": 1, "caribbean": 2,
}

# Draughts: the federation's own players, and the invited foreigners.
DRAUGHTS_CULTURES = {
    "english": 12, "scottish": 3, "welsh": 2, "irish": 2, "caribbean": 4,
    "ghanaian": 3, "nigerian": 3, "senegalese": 2, "cameroonian": 1,
    "dutch": 3, "polish": 1, "ukrainian": 1, "latvian": 1,
}

# Foreign players: federation -> culture (FIDE / FMJD three-letter codes).
CHESS_FOREIGN = {
    "ENG": "english", "SCO": "scottish", "WLS": "welsh", "IRL": "irish",
    "NED": "dutch", "GER": "german", "FRA": "french", "ESP": "spanish",
    "ITA": "italian", "POL": "polish", "IND": "indian", "NGR": "nigerian",
    "UKR": "ukrainian", "SWE": "nordic", "TUR": "turkish",
}
DRAUGHTS_FOREIGN = {
    "NED": "dutch", "FRA": "french", "POL": "polish", "UKR": "ukrainian",
    "LAT": "latvian", "SEN": "senegalese", "CMR": "cameroonian",
    "ITA": "italian", "BRA": "brazilian", "HAI": "caribbean",
}

# Chess-specific accents for a few names, to show that the content is UTF-8.
ACCENTED = {"Jurgen": "Jürgen", "Chloe": "Chloé", "Elodie": "Élodie",
            "Lefebvre": "Lefèbvre", "Wisniewski": "Wiśniewski",
            "Wojcik": "Wójcik", "Zielinski": "Zieliński", "Celik": "Çelik",
            "Ozolins": "Ozoliņš", "Kalnins": "Kalniņš", "Andres": "Andrés",
            "Ines": "Inés", "Lucia": "Lucía", "Mateo": "Mateo"}

# Towns of Northshire, where the events are played.
TOWNS = ("Harbourtown", "Kingsbridge", "Millford", "Ravensholme", "Saltmarsh",
         "Thornwick", "Eastcliff", "Westerby", "Northgate", "Ashby Moor")

# The federation's officers and arbiters (pages, event remarks).
ARBITERS = ("Margaret Holloway (IA)", "Desmond Achterberg (FA)",
            "Priya Raghavan (IA)", "Tomasz Kowalczyk (FA)")
DRAUGHTS_REFEREES = ("Willem Brouwer (IR)", "Aminata Sow (FR)")


PARTICLES = ("de", "van", "Ni")


def split(names: str) -> list[str]:
    """The names of a culture's space-separated list; a two-word family name
    like "de Vries" or "van Dijk" keeps its particle."""
    words, out = names.split(), []
    for word in words:
        if out and out[-1] in PARTICLES:
            out[-1] += " " + word
        else:
            out.append(word)
    return out
